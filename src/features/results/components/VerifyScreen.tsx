import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router-dom';
import { t } from '../../../i18n/id.ts';
import { httpStatus } from '../../../lib/api-error.ts';
import { useVerifyCertificateQuery } from '../api/results.api.ts';
import { VerifyView } from './VerifyView.tsx';

/** /verifikasi/:code, a public page (the certificate's QR code opens it). */
export function VerifyScreen() {
  useDocumentTitle(`${t.results.verify.title} | ${t.app.name}`);
  const code = (useParams().code ?? '').trim();
  const query = useVerifyCertificateQuery(code, { skip: code === '' });
  const status =
    code === '' || httpStatus(query.error) === 404 || httpStatus(query.error) === 400
      ? 'notFound'
      : query.isError
        ? 'error'
        : query.data
          ? 'valid'
          : 'loading';
  return <VerifyView status={status} result={query.data} code={code} onRetry={() => void query.refetch()} />;
}
