import { Text } from '@mantine/core';
import { diffWords } from '@shared/word-diff';
import { textDirection } from '@/lib/text-direction';

/** What changed from `before` to `after` in one text: removed words struck through, added ones marked. */
export function InlineDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <Text size="sm" dir={textDirection(after || before)} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) =>
        p.op === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.op === 'add' ? (
          <ins
            key={i}
            data-diff="add"
            style={{ background: 'var(--mantine-color-teal-light)', textDecoration: 'none', borderRadius: 2 }}
          >
            {p.text}
          </ins>
        ) : (
          <del key={i} data-diff="del" style={{ background: 'var(--mantine-color-red-light)', borderRadius: 2 }}>
            {p.text}
          </del>
        ),
      )}
    </Text>
  );
}
