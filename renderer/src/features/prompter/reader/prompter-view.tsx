import type { Prompter } from '@shared/contracts/prompters';

export interface PrompterViewProps {
  prompter: Prompter;
  /** Full-screen reading (the page enters it when an item is clicked). */
  fullScreen: boolean;
  onFullScreenChange: (fullScreen: boolean) => void;
  /** The toolbar's Settings button (opens the Prompter Settings dialog; owner/admin only). */
  onOpenSettings?: () => void;
}

/** The selected view (embedded, 700 px panel) and the full-screen overlay. Built by the lead. */
export function PrompterView({ prompter }: PrompterViewProps) {
  return <div data-testid="prompter-view">{prompter.name}</div>;
}
