import { useEffect } from 'react';
import { endPrompterSession, startPrompterSession } from '../api/prompters';
import type { ReaderController } from './reader-controller';

/**
 * A prompter session (docs/product.md §Data) spans one full-screen reading: started on entering, ended on
 * leaving with what the reader did. A failure is logged, never shown: the session is a record,
 * and reading must go on without it.
 */
export function useReaderSession(prompterId: number, controller: ReaderController, reading: boolean): void {
  useEffect(() => {
    if (!reading) return;
    controller.takeActions(); // what happened before this reading belongs to no session
    const started = startPrompterSession(prompterId).catch((error: unknown) => {
      console.warn('Prompter session not started', error);
      return null;
    });
    return () => {
      void started.then((session) => {
        if (!session) return;
        endPrompterSession(session.id, controller.takeActions()).catch((error: unknown) =>
          console.warn('Prompter session not ended', error),
        );
      });
    };
  }, [prompterId, controller, reading]);
}
