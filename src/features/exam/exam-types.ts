import type { SoalResponse } from '../../../contract/exam.ts';

/** The package the exam page shows on its start screen (name and section durations in seconds). */
export type ExamPaket = SoalResponse['paket'];
