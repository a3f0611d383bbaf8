// Loaded by `later-tooltip.tsx` when first drawn: Mantine's tooltip in a file of its own.
export { Tooltip } from '@mantine/core';
