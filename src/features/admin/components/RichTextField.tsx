import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { t } from '../../../i18n/id.ts';

export interface RichTextFieldProps {
  label: string;
  /** HTML as stored (entities such as &lt; and &amp; show as the characters they stand for). */
  value: string;
  /** The editor's HTML, or '' when it holds no text (so 'required' checks see an empty field). */
  onChange: (html: string) => void;
  required?: boolean;
  description?: string;
  /** Puts the cursor in the field when it appears (the form reopened by 'Simpan & Tambah Lagi'). */
  focusOnMount?: boolean;
  minHeight?: number;
}

/*
 * Only what contract/rich-text.ts lets the server keep: bold, italic, underline, paragraphs, line
 * breaks and lists. Headings, code, quotes, strike and links are switched off; a link inside a
 * timed exam item would take the learner out of the exam (contract/rich-text.ts; decision 018 says why options stay plain text).
 */
const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    blockquote: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
];

/** The rich-text editor of question, and passage text (loaded on demand: see LazyRichTextField). */
export function RichTextField({ label, value, onChange, required, description, focusOnMount, minHeight = 96 }: RichTextFieldProps) {
  const id = useId();
  const editor = useEditor({
    extensions,
    content: value,
    autofocus: focusOnMount ? 'end' : false,
    editorProps: { attributes: { 'aria-labelledby': `${id}-label`, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const L = t.admin.richText;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      withAsterisk={required}
      description={description}
      labelProps={{ id: `${id}-label` }}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={{
          boldControlLabel: L.bold,
          italicControlLabel: L.italic,
          underlineControlLabel: L.underline,
          bulletListControlLabel: L.bulletList,
          orderedListControlLabel: L.orderedList,
          clearFormattingControlLabel: L.clear,
          undoControlLabel: L.undo,
          redoControlLabel: L.redo,
        }}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

export default RichTextField;
