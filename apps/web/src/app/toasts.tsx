import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts at the bottom: at the top they covered a modal's or the bay panel's title (and its close button),
 * which is where a person looks after saving. Across a phone's width; at the right on larger screens.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />;
}
