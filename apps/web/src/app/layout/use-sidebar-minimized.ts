import { useLocalStorage } from '@mantine/hooks';

const SIDEBAR_MINIMIZED_KEY = 'kt_sidebar_minimized';

/** Whether the desktop sidebar shows icons only; kept per browser. */
export function useSidebarMinimized() {
  return useLocalStorage<boolean>({
    key: SIDEBAR_MINIMIZED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
}
