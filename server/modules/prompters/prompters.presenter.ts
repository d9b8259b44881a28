import type { Prompter, PrompterSession, PrompterStatus } from '../../../shared/contracts/prompters';
import type { PrompterRow, PrompterSessionRow } from '../../db/schema';

export function presentPrompter(row: PrompterRow): Prompter {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    bulletinId: row.bulletinId,
    status: row.status as PrompterStatus,
    fontSize: row.fontSize,
    fontFamily: row.fontFamily,
    backgroundColor: row.backgroundColor,
    textColor: row.textColor,
    scrollSpeed: row.scrollSpeed,
    isAutoScroll: row.isAutoScroll,
    currentPosition: row.currentPosition,
    lineSpacing: row.lineSpacing,
    marginTop: row.marginTop,
    marginBottom: row.marginBottom,
    isHighContrast: row.isHighContrast,
    highlightColors: row.highlightColors,
    isLockMode: row.isLockMode,
    lockPosition: row.lockPosition,
    selectedBulletinIds: row.selectedBulletinIds,
    enableLiveEditing: row.enableLiveEditing,
    isManualScroll: row.isManualScroll,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export function presentSession(row: PrompterSessionRow): PrompterSession {
  return {
    id: row.id,
    prompterId: row.prompterId,
    userId: row.userId,
    companyId: row.companyId,
    sessionStart: row.sessionStart,
    sessionEnd: row.sessionEnd,
    actions: row.actions,
  };
}
