import { Mark, Text } from '@mantine/core';
import type { ExcerptSegment } from '@vaskedrift/shared';

/** A search hit's excerpt: the matched words marked, everything as text (never HTML). */
export function Excerpt({ segments }: { segments: ExcerptSegment[] }) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
      {segments.map((segment, i) =>
        segment.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed for a hit and never reorder
          <Mark key={i}>{segment.text}</Mark>
        ) : (
          segment.text
        ),
      )}
    </Text>
  );
}
