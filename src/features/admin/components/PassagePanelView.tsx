import { Alert, Badge, Button, FileInput, Group, Image, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import type { QuestionReading } from '../../../../contract/soal.ts';
import { t } from '../../../i18n/id.ts';
import { acceptOf, UPLOAD_RULES } from '../../../../contract/uploads.ts';
import { passageImageProblem } from '../admin-content.rules.ts';
import { LazyRichTextField } from './LazyRichTextField.tsx';
import classes from './AdminTable.module.css';
import { confirmDelete } from './confirm.ts';
import { EmptyState, ErrorState, LoadingState } from './QueryState.tsx';
import { useFilePreview } from './useFilePreview.ts';

/** What the upload form and the edit modal send: the name, an optional image, optional text. */
export interface PassageInput {
  nama: string;
  image: File | null;
  html?: string;
}

export interface PassagePanelViewProps {
  status: 'loading' | 'error' | 'ready';
  passages: readonly QuestionReading[];
  errorMessage?: string;
  selectedId: number | null;
  onSelect: (passage: QuestionReading) => void;
  isUploading: boolean;
  /** Resolves true when the passage was stored (the form then clears). */
  onUpload: (input: PassageInput) => Promise<boolean>;
  isUpdating: boolean;
  /** Resolves true when the passage was updated (the modal then closes). */
  onUpdate: (id: number, input: PassageInput) => Promise<boolean>;
  deletingId?: number | null;
  onDelete: (passage: QuestionReading) => Promise<void> | void;
  /** Opens the edit modal on this passage (stories). */
  initialEditId?: number;
}

/** Spec section 5: a jpg/jpeg/png image; the name is required. */
function checkPassage(input: PassageInput, needContent: boolean): string | null {
  if (input.nama.trim() === '') return t.admin.passage.namaRequired;
  const imageProblem = input.image ? passageImageProblem(input.image) : null;
  if (imageProblem) return imageProblem;
  if (needContent && !input.image && !input.html?.trim()) return t.admin.passage.needContent;
  return null;
}

/**
 * The reading passages of a package (Question Reading): pick one for the question by clicking its
 * row, upload a new one (image or HTML text), edit one in a modal, delete one after confirming.
 */
export function PassagePanelView(props: PassagePanelViewProps) {
  const { status, passages, errorMessage, selectedId, onSelect, deletingId, onDelete } = props;
  const [editing, setEditing] = useState<QuestionReading | null>(() => passages.find((p) => p.id === props.initialEditId) ?? null);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.admin.passage.title}
        </Title>
        <Text size="sm">{t.admin.passage.lead}</Text>
        {status === 'loading' ? <LoadingState /> : null}
        {status === 'error' ? (
          <ErrorState title={t.admin.passage.loadFailed} message={errorMessage ?? t.admin.common.genericError} />
        ) : null}
        {status === 'ready' && passages.length === 0 ? <EmptyState text={t.admin.passage.empty} /> : null}
        {status === 'ready' && passages.length > 0 ? (
          <Table.ScrollContainer minWidth={0} type="native">
            <Table highlightOnHover verticalSpacing="xs" aria-label={t.admin.passage.title} className={classes.stacked}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.admin.passage.colNama}</Table.Th>
                  <Table.Th>{t.admin.passage.colBacaan}</Table.Th>
                  <Table.Th>{t.admin.common.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {passages.map((p) => {
                  const selected = p.id === selectedId;
                  return (
                    <Table.Tr
                      key={p.id}
                      onClick={() => onSelect(p)}
                      aria-selected={selected}
                      bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                      style={{ cursor: 'pointer' }}
                    >
                      <Table.Td data-label={t.admin.passage.colNama} fw={600}>
                        {p.nama}
                      </Table.Td>
                      <Table.Td data-label={t.admin.passage.colBacaan}>
                        {p.reading ? (
                          <Image src={p.reading} alt={t.admin.passage.imageAlt(p.nama)} h={56} w={96} fit="contain" radius="sm" />
                        ) : (
                          <Badge variant="light" color="gray">
                            {t.admin.passage.textOnly}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td data-label={t.admin.common.actions}>
                        <Group gap={6} wrap="wrap" onClick={(e) => e.stopPropagation()}>
                          <Button
                            size="xs"
                            variant={selected ? 'filled' : 'light'}
                            onClick={() => onSelect(p)}
                            aria-pressed={selected}
                            aria-label={`${t.admin.passage.choose} ${p.nama}`}
                          >
                            {selected ? t.admin.passage.chosen : t.admin.passage.choose}
                          </Button>
                          <Button size="xs" variant="outline" onClick={() => setEditing(p)} aria-label={`${t.admin.common.edit} ${p.nama}`}>
                            {t.admin.common.edit}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red"
                            loading={deletingId === p.id}
                            aria-label={`${t.admin.common.delete} ${p.nama}`}
                            onClick={() => confirmDelete(t.admin.passage.confirmDeleteTitle(p.nama), () => void onDelete(p))}
                          >
                            {t.admin.common.delete}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <PassageUploadForm isUploading={props.isUploading} onUpload={props.onUpload} />
      </Stack>
      <PassageEditModal passage={editing} isUpdating={props.isUpdating} onUpdate={props.onUpdate} onClose={() => setEditing(null)} />
    </Paper>
  );
}

function PassageUploadForm({ isUploading, onUpload }: Pick<PassagePanelViewProps, 'isUploading' | 'onUpload'>) {
  const [nama, setNama] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [html, setHtml] = useState('');
  const [round, setRound] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const pickImage = (file: File | null) => {
    const found = file ? passageImageProblem(file) : null;
    setImageError(found);
    setImage(found ? null : file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { nama, image, html };
    const found = checkPassage(input, true);
    setProblem(found);
    if (found) return;
    if (await onUpload(input)) {
      setNama('');
      setImage(null);
      setHtml('');
      setRound((r) => r + 1);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t.admin.passage.uploadTitle}>
      <Stack gap="xs">
        <Text fw={600}>{t.admin.passage.uploadTitle}</Text>
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput label={t.admin.passage.nama} value={nama} onChange={(e) => setNama(e.currentTarget.value)} miw={200} />
          <FileInput
            label={t.admin.passage.image}
            placeholder={t.admin.passage.imagePlaceholder}
            accept={acceptOf(UPLOAD_RULES.passage)}
            clearable
            value={image}
            onChange={pickImage}
            error={imageError}
            miw={200}
          />
        </Group>
        {/* The editor holds its own text after mounting: a new key gives the next passage an empty one. */}
        <LazyRichTextField
          key={round}
          label={t.admin.passage.html}
          description={t.admin.passage.textHint}
          value={html}
          onChange={setHtml}
          minHeight={120}
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" variant="light" loading={isUploading}>
            {t.admin.passage.upload}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The edit modal of spec section 2: name, optional image, preview of the new or current image, Update and Batal. */
function PassageEditModal({
  passage,
  isUpdating,
  onUpdate,
  onClose,
}: {
  passage: QuestionReading | null;
  isUpdating: boolean;
  onUpdate: PassagePanelViewProps['onUpdate'];
  onClose: () => void;
}) {
  // The passage text needs the whole width of a phone.
  const fullScreen = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={passage !== null}
      onClose={onClose}
      title={t.admin.passage.editTitle}
      centered
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t.dialog.close }}
    >
      {passage ? (
        <PassageEditForm key={passage.id} passage={passage} isUpdating={isUpdating} onUpdate={onUpdate} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function PassageEditForm({
  passage,
  isUpdating,
  onUpdate,
  onClose,
}: {
  passage: QuestionReading;
  isUpdating: boolean;
  onUpdate: PassagePanelViewProps['onUpdate'];
  onClose: () => void;
}) {
  const [nama, setNama] = useState(passage.nama);
  const [image, preview, setImage] = useFilePreview();
  const [imageError, setImageError] = useState<string | null>(null);
  const [html, setHtml] = useState(passage.html ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = preview ?? passage.reading;
  const pickImage = (file: File | null) => {
    const found = file ? passageImageProblem(file) : null;
    setImageError(found);
    setImage(found ? null : file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A text passage keeps its text editable; an image passage sends no text, so its text stays as it is.
    const input = passage.html !== null ? { nama, image, html } : { nama, image };
    const found = checkPassage(input, passage.html !== null && !passage.reading);
    setProblem(found);
    if (!found && (await onUpdate(passage.id, input))) onClose();
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Stack gap="sm">
        <TextInput label={t.admin.passage.nama} value={nama} onChange={(e) => setNama(e.currentTarget.value)} data-autofocus />
        <FileInput
          label={t.admin.passage.editImage}
          placeholder={t.admin.passage.imagePlaceholder}
          accept={acceptOf(UPLOAD_RULES.passage)}
          clearable
          value={image}
          onChange={pickImage}
          error={imageError}
        />
        {passage.html !== null ? (
          <LazyRichTextField
            label={t.admin.passage.text}
            description={t.admin.passage.textHint}
            value={html}
            onChange={setHtml}
            minHeight={200}
          />
        ) : null}
        {shown ? <Image src={shown} alt={t.admin.passage.preview} mah={260} fit="contain" radius="sm" /> : null}
        {problem ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isUpdating}>
            {t.admin.common.cancel}
          </Button>
          <Button type="submit" loading={isUpdating}>
            {t.admin.passage.update}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
