import type { MessageResponse } from '../../../../contract/common.ts';
import type { AdminPaket, CreatePaketBody, UpdatePaketBody } from '../../../../contract/paket.ts';
import type {
  AdminSoal,
  LastSoal,
  QuestionReading,
  ReadingBody,
  SoalSection,
  StructureBody,
  WrittenBody,
} from '../../../../contract/soal.ts';
import type { ExportFormat, ImportResponse } from '../../../../contract/soal-import.ts';
import { api } from '../../../api/api.ts';
import { fileNameFromDisposition, type DownloadedFile } from '../../../lib/download.ts';

/** A file answer as a Blob; an error answer stays JSON so its Indonesian message reaches the screen. */
const blobOrJson = async (response: Response): Promise<unknown> => (response.ok ? response.blob() : response.json().catch(() => ({})));
const downloaded =
  (fallback: string) =>
  (blob: Blob, meta: { response?: Response } | undefined): DownloadedFile => ({
    url: URL.createObjectURL(blob),
    fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition'), fallback),
  });

interface DataOf<T> {
  data: T;
}
interface Mutated<T> extends DataOf<T> {
  message: string;
}

/** Sections whose questions travel as JSON (listening goes as multipart with its audio). */
export type JsonSection = Exclude<SoalSection, 'listening'>;
type JsonBody = { structure: StructureBody; written: WrittenBody; reading: ReadingBody };

/*
 * Any question or passage change moves a package's completeness, so question mutations also
 * invalidate the package list; the admin area is small enough that refetching whole lists is fine.
 */
const CONTENT_CHANGED = ['Soal', 'Paket'] as const;

/** Admin calls of spec section 7 for packages, questions and reading passages. */
export const adminContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPaket: build.query<AdminPaket[], void>({
      query: () => '/admin/paket-soal',
      transformResponse: (r: DataOf<AdminPaket[]>) => r.data,
      providesTags: ['Paket'],
    }),
    getPaket: build.query<AdminPaket, number>({
      query: (id) => `/admin/paket-soal/${id}`,
      transformResponse: (r: DataOf<AdminPaket>) => r.data,
      providesTags: ['Paket'],
    }),
    createPaket: build.mutation<Mutated<AdminPaket>, CreatePaketBody>({
      query: (body) => ({ url: '/admin/paket-soal', method: 'POST', body }),
      invalidatesTags: ['Paket'],
    }),
    updatePaket: build.mutation<Mutated<AdminPaket>, { id: number; body: UpdatePaketBody }>({
      query: ({ id, body }) => ({ url: `/admin/paket-soal/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Paket'],
    }),
    /** The spec's DELETE: archives the package (restorable). */
    deletePaket: build.mutation<Mutated<AdminPaket>, number>({
      query: (id) => ({ url: `/admin/paket-soal/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    restorePaket: build.mutation<Mutated<AdminPaket>, number>({
      query: (id) => ({ url: `/admin/paket-soal/${id}/restore`, method: 'POST' }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),

    /** A copy with every question, passage and clip, named 'Salinan ...', starting as belum. */
    clonePaket: build.mutation<Mutated<AdminPaket>, number>({
      query: (id) => ({ url: `/admin/paket-soal/${id}/clone`, method: 'POST' }),
      invalidatesTags: ['Paket'],
    }),

    lastSoal: build.query<LastSoal, { paketId: number; section: SoalSection }>({
      query: ({ paketId, section }) => `/admin/paket-soal/${paketId}/${section}/last`,
      providesTags: ['Soal'],
    }),
    listSoal: build.query<AdminSoal[], { paketId: number; section: SoalSection }>({
      query: ({ paketId, section }) => `/admin/paket-soal/${paketId}/soal-${section}`,
      transformResponse: (r: DataOf<AdminSoal[]>) => r.data,
      providesTags: ['Soal'],
    }),
    getSoal: build.query<AdminSoal, number>({
      query: (soalId) => `/admin/paket-soal/soal/${soalId}`,
      transformResponse: (r: DataOf<AdminSoal>) => r.data,
      providesTags: ['Soal'],
    }),
    /** Multipart: no_soal, page, pilihan_*, jawaban, pembahasan and the `audio` file. */
    createListening: build.mutation<Mutated<AdminSoal>, { paketId: number; form: FormData }>({
      query: ({ paketId, form }) => ({ url: `/admin/paket-soal/${paketId}/soal-listening`, method: 'POST', body: form }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    /** Multipart like create; the audio is optional (the clip is kept without one). */
    updateListening: build.mutation<Mutated<AdminSoal>, { soalId: number; form: FormData }>({
      query: ({ soalId, form }) => ({ url: `/admin/paket-soal/${soalId}/soal-listening`, method: 'PUT', body: form }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    createSoal: build.mutation<Mutated<AdminSoal>, { [S in JsonSection]: { paketId: number; section: S; body: JsonBody[S] } }[JsonSection]>(
      {
        query: ({ paketId, section, body }) => ({ url: `/admin/paket-soal/${paketId}/soal-${section}`, method: 'POST', body }),
        invalidatesTags: [...CONTENT_CHANGED],
      },
    ),
    updateSoal: build.mutation<
      Mutated<AdminSoal>,
      | { soalId: number; section: 'structure'; body: StructureBody }
      | { soalId: number; section: 'written'; body: WrittenBody }
      | { soalId: number; section: 'reading'; body: ReadingBody }
    >({
      query: ({ soalId, section, body }) => ({ url: `/admin/paket-soal/soal-${section}/${soalId}`, method: 'PUT', body }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    deleteSoal: build.mutation<MessageResponse, number>({
      query: (soalId) => ({ url: `/admin/paket-soal/soal/${soalId}`, method: 'DELETE' }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),

    listPassages: build.query<QuestionReading[], number>({
      query: (paketId) => `/admin/paket-soal/question-reading/${paketId}`,
      transformResponse: (r: DataOf<QuestionReading[]>) => r.data,
      providesTags: ['Soal'],
    }),
    /** Multipart: nama, and the image as field 'soal-reading' and/or the text as 'html'. */
    createPassage: build.mutation<Mutated<QuestionReading>, { paketId: number; form: FormData }>({
      query: ({ paketId, form }) => ({ url: `/admin/paket-soal/${paketId}/question-reading`, method: 'POST', body: form }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    updatePassage: build.mutation<Mutated<QuestionReading>, { id: number; form: FormData }>({
      query: ({ id, form }) => ({ url: `/admin/paket-soal/question-reading/${id}`, method: 'PUT', body: form }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),
    deletePassage: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/admin/paket-soal/soal-reading/${id}`, method: 'DELETE' }),
      invalidatesTags: [...CONTENT_CHANGED],
    }),

    /** Multipart: file, media?, section? (Aiken), dryRun ('1' checks and writes nothing). */
    importSoal: build.mutation<ImportResponse, { paketId: number; form: FormData }>({
      query: ({ paketId, form }) => ({ url: `/admin/paket-soal/${paketId}/import`, method: 'POST', body: form }),
      invalidatesTags: (result) => (result?.data.dryRun === false ? [...CONTENT_CHANGED] : []),
    }),
    exportSoal: build.mutation<DownloadedFile, { paketId: number; format: ExportFormat }>({
      query: ({ paketId, format }) => ({
        url: `/admin/paket-soal/${paketId}/export`,
        params: { format },
        responseHandler: blobOrJson,
        cache: 'no-store',
      }),
      transformResponse: downloaded('soal.zip'),
    }),
    importTemplate: build.mutation<DownloadedFile, ExportFormat>({
      query: (format) => ({ url: '/admin/paket-soal/import-template', params: { format }, responseHandler: blobOrJson }),
      transformResponse: downloaded('template-soal.xlsx'),
    }),
  }),
});

export const {
  useListPaketQuery,
  useGetPaketQuery,
  useCreatePaketMutation,
  useUpdatePaketMutation,
  useDeletePaketMutation,
  useRestorePaketMutation,
  useClonePaketMutation,
  useLastSoalQuery,
  useListSoalQuery,
  useGetSoalQuery,
  useCreateListeningMutation,
  useUpdateListeningMutation,
  useCreateSoalMutation,
  useUpdateSoalMutation,
  useDeleteSoalMutation,
  useListPassagesQuery,
  useCreatePassageMutation,
  useUpdatePassageMutation,
  useDeletePassageMutation,
  useImportSoalMutation,
  useExportSoalMutation,
  useImportTemplateMutation,
} = adminContentApi;
