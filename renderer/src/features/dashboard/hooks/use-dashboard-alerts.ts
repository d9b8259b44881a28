import { useEffect } from 'react';
import { showToast } from '@/lib/toast';

interface BreakingDetail {
  title?: unknown;
}
interface OverdueDetail {
  equipmentName?: unknown;
  userName?: unknown;
}

function detailOf<T>(event: Event): T {
  return ((event as CustomEvent<unknown>).detail ?? {}) as T;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);

/** The dashboard's two window events (docs/product.md §Screens and routes): destructive toasts, one per event. */
export function useDashboardAlerts(): void {
  useEffect(() => {
    const onBreaking = (event: Event) => {
      const { title } = detailOf<BreakingDetail>(event);
      showToast('Breaking News', text(title, 'Breaking news'), 'red');
    };
    const onOverdue = (event: Event) => {
      const { equipmentName, userName } = detailOf<OverdueDetail>(event);
      showToast(
        'Equipment Overdue',
        `${text(equipmentName, 'Equipment')} is overdue for return (${text(userName, 'unknown user')})`,
        'red',
      );
    };
    window.addEventListener('breaking-news', onBreaking);
    window.addEventListener('equipment-overdue', onOverdue);
    return () => {
      window.removeEventListener('breaking-news', onBreaking);
      window.removeEventListener('equipment-overdue', onOverdue);
    };
  }, []);
}
