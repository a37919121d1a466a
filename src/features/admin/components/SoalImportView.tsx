import { useState } from 'react';
import { Alert, Button, FileInput, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { ExportFormat, ImportReport } from '../../../../contract/soal-import.ts';
import type { SoalSection } from '../../../../contract/soal.ts';
import { acceptOf, checkUpload, IMPORT_UPLOAD_RULES } from '../../../../contract/uploads.ts';
import { t } from '../../../i18n/id.ts';
import { SECTIONS } from '../admin-content.rules.ts';

/** Picks a file only when its size and name fit the import rule; otherwise says why under the field. */
function useCheckedPick(rule: (typeof IMPORT_UPLOAD_RULES)[keyof typeof IMPORT_UPLOAD_RULES], onPick: (file: File | null) => void) {
  const [error, setError] = useState<string | null>(null);
  const pick = (file: File | null) => {
    const found = file ? checkUpload(rule, file) : null;
    setError(found);
    onPick(found ? null : file);
  };
  return [error, pick] as const;
}

/** Where an import stands: choosing files, waiting for the server, a dry-run report, done, or failed. */
export type SoalImportState =
  | { kind: 'idle' }
  | { kind: 'uploading'; step: 'check' | 'import' }
  | { kind: 'report'; report: ImportReport }
  | { kind: 'done'; report: ImportReport; message: string }
  | { kind: 'error'; message: string };

export interface SoalImportViewProps {
  state: SoalImportState;
  file: File | null;
  media: File | null;
  /** The section of an Aiken .txt file (asked only for one). */
  section: SoalSection | null;
  onFile: (file: File | null) => void;
  onMedia: (file: File | null) => void;
  onSection: (section: SoalSection | null) => void;
  /** Sends the files as a dry run. */
  onCheck: () => void;
  /** Sends the same files for real, after a clean report. */
  onConfirm: () => void;
  /** Back to choosing files. */
  onReset: () => void;
  onTemplate: (format: ExportFormat) => void;
  onExport: (format: ExportFormat) => void;
  /** A download under way (template or export), to show on its button. */
  downloading?: string | null;
}

const FORMATS: readonly ExportFormat[] = ['xlsx', 'csv'];
const total = (r: ImportReport) => r.counts.listening + r.counts.structure + r.counts.written + r.counts.reading;
export const isAikenName = (name: string | undefined): boolean => !!name && name.toLowerCase().endsWith('.txt');

function ProblemsTable({ report }: { report: ImportReport }) {
  const T = t.admin.bank;
  return (
    <Table.ScrollContainer minWidth={0} maxHeight={420}>
      <Table striped withTableBorder stickyHeader style={{ overflowWrap: 'anywhere' }}>
        <Table.Caption>{T.problemsCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{T.colRow}</Table.Th>
            <Table.Th scope="col">{T.colColumn}</Table.Th>
            <Table.Th scope="col">{T.colMessage}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.problems.map((p, i) => (
            <Table.Tr key={`${p.row}-${p.column ?? ''}-${i}`}>
              <Table.Td>{p.row === 0 ? T.wholeFile : p.row}</Table.Td>
              <Table.Td>{p.column ?? '-'}</Table.Td>
              <Table.Td>{p.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The package's import and export panel: template, upload, dry-run report, confirm, counts. */
export function SoalImportView(props: SoalImportViewProps) {
  const T = t.admin.bank;
  const { state } = props;
  const busy = state.kind === 'uploading';
  const aiken = isAikenName(props.file?.name);
  const [fileError, pickFile] = useCheckedPick(IMPORT_UPLOAD_RULES.file, props.onFile);
  const [mediaError, pickMedia] = useCheckedPick(IMPORT_UPLOAD_RULES.media, props.onMedia);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="soal-bank-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="soal-bank-title">
          {T.title}
        </Title>
        <Text size="sm">{T.lead}</Text>
        <Group gap="xs">
          {FORMATS.map((f) => (
            <Button
              key={`t-${f}`}
              variant="default"
              size="sm"
              onClick={() => props.onTemplate(f)}
              loading={props.downloading === `template-${f}`}
            >
              {T.template(f)}
            </Button>
          ))}
          {FORMATS.map((f) => (
            <Button
              key={`e-${f}`}
              variant="default"
              size="sm"
              onClick={() => props.onExport(f)}
              loading={props.downloading === `export-${f}`}
            >
              {T.export(f)}
            </Button>
          ))}
        </Group>

        {state.kind === 'idle' || state.kind === 'uploading' || state.kind === 'error' ? (
          <Stack gap="sm">
            <FileInput
              label={T.file}
              description={T.fileHint}
              accept={acceptOf(IMPORT_UPLOAD_RULES.file)}
              clearable
              withAsterisk
              value={props.file}
              onChange={pickFile}
              error={fileError}
              disabled={busy}
            />
            {aiken ? (
              <Select
                label={T.section}
                data={SECTIONS.map((s) => ({ value: s, label: t.admin.sections[s] }))}
                value={props.section}
                onChange={(v) => props.onSection(v)}
                withAsterisk
                disabled={busy}
              />
            ) : null}
            <FileInput
              label={T.media}
              description={T.mediaHint}
              accept={acceptOf(IMPORT_UPLOAD_RULES.media)}
              clearable
              value={props.media}
              onChange={pickMedia}
              error={mediaError}
              disabled={busy}
            />
            {state.kind === 'error' ? (
              <Alert color="red" title={T.errorTitle} role="alert">
                {state.message}
              </Alert>
            ) : null}
            <Group>
              <Button onClick={props.onCheck} disabled={!props.file || (aiken && !props.section)} loading={busy && state.step === 'check'}>
                {T.check}
              </Button>
              {busy ? (
                <Group gap="xs" aria-live="polite">
                  <Loader size="xs" />
                  <Text size="sm">{state.step === 'check' ? T.checking : T.importing}</Text>
                </Group>
              ) : null}
            </Group>
          </Stack>
        ) : null}

        {state.kind === 'report' && state.report.problems.length > 0 ? (
          <Stack gap="sm">
            <Alert color="red" title={T.problemsTitle(state.report.problems.length)} role="alert">
              {T.problemsLead}
            </Alert>
            <ProblemsTable report={state.report} />
            <Group>
              <Button variant="default" onClick={props.onReset}>
                {T.again}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {state.kind === 'report' && state.report.problems.length === 0 ? (
          <Stack gap="sm">
            <Alert color="teal" title={T.cleanTitle}>
              {T.summary(state.report.counts)}
            </Alert>
            <Group>
              <Button onClick={props.onConfirm}>{T.confirm(total(state.report))}</Button>
              <Button variant="default" onClick={props.onReset}>
                {T.cancel}
              </Button>
            </Group>
          </Stack>
        ) : null}

        {state.kind === 'done' ? (
          <Stack gap="sm">
            <Alert color="teal" title={T.doneTitle} role="status">
              <Text size="sm">{state.message}</Text>
              <Text size="sm">{T.summary(state.report.counts)}</Text>
            </Alert>
            <Group>
              <Button variant="default" onClick={props.onReset}>
                {T.again}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
