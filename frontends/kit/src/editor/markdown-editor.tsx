import { Box, FormHelperText, InputBase } from '@mui/material';
import { type ClipboardEvent, type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { postApi } from '../api/calls/posts';
import { useTranslation } from '../i18n/use-translation';
import { CodeDialog } from './code-dialog';
import {
  type EditState,
  horizontalRule,
  indent,
  insertCode,
  insertImage,
  insertLink,
  isBlockCode,
  prefixLines,
  selectedText,
  wrap,
} from './commands';
import { ImageDialog } from './image-dialog';
import { imageFileProblem } from './image-file';
import { LinkDialog } from './link-dialog';
import { Preview } from './preview';
import { TOOLS, Toolbar, type ToolName } from './toolbar';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The textarea's name (tests and forms find it by it). */
  name?: string;
  placeholder?: string;
  minRows?: number;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  /** Without the live preview (comments, short forms). */
  noPreview?: boolean;
}

type DialogName = 'code' | 'link' | 'image' | null;

/** The markdown editor: toolbar, shortcuts, code/link/image dialogs, live preview. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const saved = useRef<EditState>({ text: '', start: 0, end: 0 });
  const [dialog, setDialog] = useState<DialogName>(null);

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !input.current) return;
    pendingSelection.current = null;
    input.current.focus();
    input.current.setSelectionRange(selection[0], selection[1]);
  });

  const current = (): EditState => ({
    text: props.value,
    start: input.current?.selectionStart ?? props.value.length,
    end: input.current?.selectionEnd ?? props.value.length,
  });
  const apply = (next: EditState) => {
    pendingSelection.current = [next.start, next.end];
    props.onChange(next.text);
  };
  const applyToSaved = (change: (state: EditState) => EditState) => {
    setDialog(null);
    apply(change({ ...saved.current, text: props.value }));
  };

  const tool = (name: ToolName) => {
    const state = current();
    switch (name) {
      case 'bold':
        return apply(wrap(state, '**', t('ui.editor.bold_text')));
      case 'italic':
        return apply(wrap(state, '*', t('ui.editor.italic_text')));
      case 'heading':
        return apply(prefixLines(state, () => '## ', t('ui.editor.heading_text')));
      case 'quote':
        return apply(prefixLines(state, () => '> ', t('ui.editor.quote_text')));
      case 'ol':
        return apply(prefixLines(state, (i) => `${i + 1}. `, t('ui.editor.list_item')));
      case 'ul':
        return apply(prefixLines(state, () => '- ', t('ui.editor.list_item')));
      case 'hr':
        return apply(horizontalRule(state));
      case 'code': {
        const code = selectedText(state);
        // A selection is formatted at once (fenced when over 40 characters); otherwise the dialog asks.
        if (code) return apply(insertCode(state, code));
        break;
      }
    }
    saved.current = state;
    setDialog(name as DialogName);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      apply(indent(current(), event.shiftKey));
      return;
    }
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const found = TOOLS.find((tl) => tl.key === event.key.toLowerCase());
    if (!found) return;
    event.preventDefault();
    tool(found.name);
  };

  // Images dropped or pasted are uploaded and inserted; their errors are only logged.
  const uploadFiles = (files: FileList | null | undefined) => {
    const images = [...(files ?? [])].filter((f) => !imageFileProblem(f));
    if (images.length === 0) return false;
    const at = current();
    void Promise.all(images.map((file) => postApi.upload(file).then((url) => ({ url, alt: file.name }))))
      .then((uploaded) => {
        let state: EditState = { ...at, text: input.current?.value ?? at.text };
        for (const { url, alt } of uploaded) state = insertImage(state, url, alt);
        apply(state);
      })
      .catch((error: unknown) => console.warn('image upload failed', error));
    return true;
  };
  const onPaste = (event: ClipboardEvent) => {
    if (uploadFiles(event.clipboardData?.files)) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    if (uploadFiles(event.dataTransfer?.files)) event.preventDefault();
  };

  return (
    <Box>
      <Box
        sx={{ border: 1, borderColor: props.error ? 'error.main' : 'divider', borderRadius: 1 }}
        data-testid={props.name ? `editor-${props.name}` : 'editor'}
      >
        <Toolbar onTool={tool} />
        <InputBase
          multiline
          fullWidth
          minRows={props.minRows ?? 8}
          name={props.name}
          placeholder={props.placeholder}
          autoFocus={props.autoFocus}
          value={props.value}
          inputRef={input}
          onChange={(e) => props.onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDrop={onDrop}
          sx={{ p: 1.5, fontFamily: 'monospace', fontSize: 14, alignItems: 'flex-start' }}
        />
        {props.noPreview ? null : <Preview text={props.value} />}
      </Box>
      {props.helperText ? <FormHelperText error={props.error}>{props.helperText}</FormHelperText> : null}
      {dialog === 'code' ? (
        <CodeDialog
          onClose={() => setDialog(null)}
          onInsert={(code, language) => applyToSaved((s) => insertCode(s, code, isBlockCode(code) ? language : ''))}
        />
      ) : null}
      {dialog === 'link' ? (
        <LinkDialog
          initialName={selectedText(saved.current)}
          onClose={() => setDialog(null)}
          onInsert={(url, name) => applyToSaved((s) => insertLink(s, url, name))}
        />
      ) : null}
      {dialog === 'image' ? (
        <ImageDialog
          onClose={() => setDialog(null)}
          onInsert={(url, alt) => applyToSaved((s) => insertImage(s, url, alt))}
        />
      ) : null}
    </Box>
  );
}
