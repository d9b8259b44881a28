import { memo } from 'react';
import type { PrompterSection } from '@shared/contracts/prompters';

/** A line wrapped in double asterisks is a heading (docs/product.md §Screens and routes). */
const HEADING = /^\*\*(.+)\*\*$/;

export interface ScriptTextProps {
  sections: readonly PrompterSection[];
  /** Live edit: the article text of news sections becomes editable; saved on leaving it. */
  editable: boolean;
  /** Resolves false when the save was refused: the text goes back to what the article says. */
  onEditSection?: (section: PrompterSection, body: string) => Promise<boolean>;
}

function bodyOf(section: PrompterSection): string {
  const firstBreak = section.content.indexOf('\n');
  return firstBreak < 0 ? '' : section.content.slice(firstBreak + 1);
}

function Lines({ text }: { text: string }) {
  return text.split('\n').map((line, i) => {
    const heading = HEADING.exec(line.trim());
    // dir="auto" per line: a Dhivehi line reads right to left inside an English script.
    if (heading)
      return (
        <h3 key={i} dir="auto" className="prompter-heading">
          {heading[1]}
        </h3>
      );
    return (
      <p key={i} dir="auto" className="prompter-line">
        {line || ' '}
      </p>
    );
  });
}

function Section({
  section,
  index,
  editable,
  onEditSection,
}: { section: PrompterSection; index: number } & Omit<ScriptTextProps, 'sections'>) {
  const body = bodyOf(section);
  const canEdit = editable && section.kind === 'news' && section.newsId !== null && onEditSection;
  return (
    <section data-section-index={index} data-kind={section.kind} className="prompter-section">
      <h2 dir="auto" className="prompter-title" data-testid="prompter-section-title">
        {section.title}
      </h2>
      {canEdit ? (
        <div
          // Keyed by the text: a saved or refreshed article re-mounts instead of fighting the caret.
          key={body}
          dir="auto"
          className="prompter-editable"
          contentEditable="plaintext-only"
          suppressContentEditableWarning
          aria-label={`Edit ${section.title}`}
          onBlur={(e) => {
            const el = e.currentTarget;
            const next = el.innerText.replace(/\n$/, '');
            if (next === body) return;
            void onEditSection(section, next).then((saved) => {
              if (!saved && el.isConnected) el.innerText = body;
            });
          }}
        >
          {body}
        </div>
      ) : (
        <Lines text={body} />
      )}
    </section>
  );
}

/** The script: one <section> per bulletin item, measured by the surface for positions. */
export const ScriptText = memo(function ScriptText({ sections, editable, onEditSection }: ScriptTextProps) {
  return sections.map((section, index) => (
    <Section key={section.id} section={section} index={index} editable={editable} onEditSection={onEditSection} />
  ));
});
