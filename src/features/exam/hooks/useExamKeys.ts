import { useEffect, useRef } from 'react';
import type { AnswerValue } from '../../../../contract/exam.ts';

export interface ExamKeyHandlers {
  /** Chooses an option for the question holding focus (or the screen's first question). */
  onChoose: (value: Exclude<AnswerValue, '-1'>, focusedPage: number | null) => void;
  onPrev: () => void;
  onNext: () => void;
}

const CHOICES: Readonly<Record<string, Exclude<AnswerValue, '-1'>>> = {
  '1': '1',
  '2': '2',
  '3': '3',
  '4': '4',
  a: '1',
  b: '2',
  c: '3',
  d: '4',
};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'radio' && target.type !== 'checkbox';
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/**
 * 1-4 or A-D choose, left/right arrows move (spec: keyboard use), never while typing; arrows on a
 * focused radio keep their native meaning (moving within the options).
 */
export function useExamKeys(enabled: boolean, handlers: ExamKeyHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const onRadio = e.target instanceof HTMLInputElement && e.target.type === 'radio';
      const choice = CHOICES[e.key.toLowerCase()];
      if (choice) {
        const holder = e.target instanceof Element ? e.target.closest('[data-page]') : null;
        const page = holder ? Number(holder.getAttribute('data-page')) : null;
        e.preventDefault();
        latest.current.onChoose(choice, Number.isInteger(page) ? page : null);
      } else if (e.key === 'ArrowLeft' && !onRadio) {
        e.preventDefault();
        latest.current.onPrev();
      } else if (e.key === 'ArrowRight' && !onRadio) {
        e.preventDefault();
        latest.current.onNext();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
