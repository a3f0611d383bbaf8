import { IconExternalLink, IconLink, IconTool } from '@tabler/icons-react';
import { iconClassSchema } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { LINK_ICON_CLASSES, linkIcon } from './link-icons';

describe('linkIcon', () => {
  it('finds a known class with or without the ti- prefix, in any case', () => {
    expect(linkIcon('ti-tool', 'self')).toBe(IconTool);
    expect(linkIcon('tool', 'self')).toBe(IconTool);
    expect(linkIcon('TI-TOOL', 'blank')).toBe(IconTool);
  });

  it('falls back by target for an unknown or missing class', () => {
    expect(linkIcon('ti-unicorn', 'blank')).toBe(IconExternalLink);
    expect(linkIcon(null, 'self')).toBe(IconLink);
    expect(linkIcon('', 'blank')).toBe(IconExternalLink);
  });

  it('offers only classes the server accepts', () => {
    for (const iconClass of LINK_ICON_CLASSES)
      expect(iconClassSchema.safeParse(iconClass).success).toBe(true);
  });
});
