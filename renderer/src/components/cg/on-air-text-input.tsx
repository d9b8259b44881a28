import { Group, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { CgWritableType } from '@shared/contracts/cg-files';
import { ON_AIR_RULES, foldLineBreaks, hasLineBreaks, onAirTextProblem, textLength } from '@shared/on-air-rules';
// Mantine puts an input's dir on its wrapper, where "auto" sees no text: compute it instead.
import { textDirection } from '@/lib/text-direction';

export const FOLDED_NOTE = 'Line breaks folded into spaces';

interface OnAirTextInputProps {
  /** The CG type whose rule (ON_AIR_RULES) the text must keep. */
  type: CgWritableType;
  value: string;
  onChange: (text: string) => void;
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  size?: 'xs' | 'sm' | 'md';
  /** A textarea even for a single-line type (the file centre edits any type in one box). */
  textarea?: boolean;
  /** One line of a multi-line type (a crawler headline): folded and counted as a single line. */
  oneLine?: boolean;
  autoFocus?: boolean;
  /** The input's id (a skip link's target). */
  id?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/** "87 / 120": per line for multi-line types, with the line count. */
function counterText(type: CgWritableType, text: string, oneLine: boolean): string {
  const rule = ON_AIR_RULES[type];
  if (!rule.multiline || oneLine) return `${textLength(text)} / ${rule.maxLineLength}`;
  const lines = text.split('\n');
  const longest = lines.reduce((max, line) => Math.max(max, textLength(line)), 0);
  return `${longest} / ${rule.maxLineLength} per line · ${lines.length} / ${rule.maxLines} lines`;
}

/**
 * The one input for text that goes on air. It counts against the type's rule, shows the rule a
 * text breaks, and folds pasted line breaks on single-line types where the operator can see it:
 * a browser's text input would otherwise silently glue the lines' words together.
 * The caller disables its send control with `onAirTextProblem(type, value) !== null`.
 */
/** Folds line breaks typed, dropped or pasted into a single-line text, and remembers that it did. */
function useFolding(singleLine: boolean, value: string, onChange: (text: string) => void) {
  const [folded, setFolded] = useState(false);
  const change = (text: string) => {
    const fold = singleLine && hasLineBreaks(text);
    if (fold) setFolded(true);
    else if (text === '') setFolded(false);
    onChange(fold ? foldLineBreaks(text) : text);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!singleLine || !hasLineBreaks(pasted)) return;
    event.preventDefault();
    const el = event.currentTarget;
    const start = el.selectionStart ?? value.length;
    const end = el.selectionEnd ?? value.length;
    setFolded(true);
    onChange(value.slice(0, start) + foldLineBreaks(pasted) + value.slice(end));
  };
  return { folded, change, onPaste };
}

export function OnAirTextInput(props: OnAirTextInputProps) {
  const { type, value, onChange } = props;
  const rule = ON_AIR_RULES[type];
  const singleLine = !rule.multiline || props.oneLine === true;
  const { folded, change, onPaste } = useFolding(singleLine, value, onChange);
  const problem = onAirTextProblem(type, value);

  const description = (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="span">
      <Text span size="xs" c="yellow.5" data-testid="on-air-folded">
        {folded ? FOLDED_NOTE : ''}
      </Text>
      <Text
        span
        size="xs"
        c={problem ? 'red.5' : 'dimmed'}
        ff="monospace"
        style={{ flex: 'none' }}
        data-testid="on-air-counter"
      >
        {counterText(type, value, singleLine)}
      </Text>
    </Group>
  );
  const common = {
    label: props.label,
    'aria-label': props.ariaLabel,
    placeholder: props.placeholder,
    size: props.size,
    value,
    dir: textDirection(value),
    error: problem,
    description,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    autoFocus: props.autoFocus,
    id: props.id,
    'data-autofocus': props.autoFocus ? true : undefined,
    onKeyDown: props.onKeyDown,
    onPaste,
    'data-on-air-type': type,
  };
  if (!singleLine || props.textarea) {
    return (
      <Textarea
        {...common}
        autosize
        minRows={rule.multiline ? 2 : 1}
        maxRows={8}
        onChange={(e) => change(e.currentTarget.value)}
      />
    );
  }
  return <TextInput {...common} onChange={(e) => change(e.currentTarget.value)} />;
}

/** True when the text may go on air on this type (blank counts as nothing to send). */
export const canAir = (type: CgWritableType, text: string): boolean =>
  text.trim() !== '' && onAirTextProblem(type, text) === null;
