import type { TooltipProps } from '@mantine/core';
import { Suspense } from 'react';
import { lazyAfterFirstPage } from '../lib/first-page';

// Mantine's tooltip brings floating-ui and the transitions: the first page draws without them (decision 040).
const Tooltip = lazyAfterFirstPage(() => import('./tooltip').then((module) => module.Tooltip));

/**
 * Mantine's `Tooltip` for what the first page after signing in draws (the header): its target is drawn at
 * once, the tooltip's code comes once the first page is drawn (lib/first-page.ts) and then wraps it.
 */
export function LaterTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
