import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './RichTextField.tsx';

/* tiptap and ProseMirror are about 100 KB gzip: fetched when a form with rich text opens, never by learners. */
const RichTextField = lazy(() => import('./RichTextField.tsx'));

/** The rich-text editor, loaded on first use; a placeholder of the same height shows meanwhile. */
export function LazyRichTextField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} withAsterisk={props.required} description={props.description}>
          <Skeleton h={(props.minHeight ?? 96) + 44} mt={4} radius="sm" />
        </Input.Wrapper>
      }
    >
      <RichTextField {...props} />
    </Suspense>
  );
}
