import { useState } from 'react';
import type { ExportFormat, ImportProblem } from '../../../../contract/soal-import.ts';
import type { SoalSection } from '../../../../contract/soal.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { t } from '../../../i18n/id.ts';
import { saveDownloadedFile } from '../../../lib/download.ts';
import { serverMessage } from '../admin-content.rules.ts';
import { useExportSoalMutation, useImportSoalMutation, useImportTemplateMutation } from '../api/admin-content.api.ts';
import { SoalImportView, isAikenName, type SoalImportState } from './SoalImportView.tsx';

/** Import and export of one package's questions (POST .../import, GET .../export, the template). */
export function SoalImportPanel({ paketId }: { paketId: number }) {
  const [state, setState] = useState<SoalImportState>({ kind: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState<File | null>(null);
  const [section, setSection] = useState<SoalSection | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const [runImport] = useImportSoalMutation();
  const [runExport] = useExportSoalMutation();
  const [runTemplate] = useImportTemplateMutation();

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const form = new FormData();
    form.append('dryRun', dryRun ? '1' : '0');
    if (isAikenName(file.name) && section) form.append('section', section);
    form.append('file', file, file.name);
    if (media) form.append('media', media, media.name);
    setState({ kind: 'uploading', step: dryRun ? 'check' : 'import' });
    try {
      const { message, data } = await runImport({ paketId, form }).unwrap();
      if (dryRun) setState({ kind: 'report', report: data });
      else {
        setState({ kind: 'done', report: data, message });
        notifySuccess(message, { audience: 'admin' });
      }
    } catch (error) {
      // A real run refused for problems answers them too: show them as the report.
      const problems = (error as { data?: { problems?: ImportProblem[] } }).data?.problems;
      if (Array.isArray(problems) && problems.length > 0) {
        const counts = { listening: 0, structure: 0, written: 0, reading: 0, passages: 0, media: 0 };
        setState({ kind: 'report', report: { dryRun: false, rows: 0, problems, counts } });
      } else setState({ kind: 'error', message: serverMessage(error) });
    }
  };

  const download = async (key: string, run: () => Promise<{ url: string; fileName: string }>) => {
    setDownloading(key);
    try {
      saveDownloadedFile(await run());
    } catch (error) {
      notifyError(serverMessage(error), t.admin.bank.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <SoalImportView
      state={state}
      file={file}
      media={media}
      section={section}
      onFile={(f) => {
        setFile(f);
        setState({ kind: 'idle' });
      }}
      onMedia={setMedia}
      onSection={setSection}
      onCheck={() => void send(true)}
      onConfirm={() => void send(false)}
      onReset={() => setState({ kind: 'idle' })}
      downloading={downloading}
      onTemplate={(format: ExportFormat) => void download(`template-${format}`, () => runTemplate(format).unwrap())}
      onExport={(format: ExportFormat) => void download(`export-${format}`, () => runExport({ paketId, format }).unwrap())}
    />
  );
}
