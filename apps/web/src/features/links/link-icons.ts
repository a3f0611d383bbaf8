import {
  type Icon,
  IconBook,
  IconCamera,
  IconChartBar,
  IconCreditCard,
  IconDashboard,
  IconDeviceDesktop,
  IconExternalLink,
  IconFileText,
  IconHeadset,
  IconInfoCircle,
  IconLink,
  IconMap,
  IconPhone,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconTool,
  IconVideo,
  IconWorld,
} from '@tabler/icons-react';

/**
 * Icon classes a link may name, as Tabler's web-font classes (`ti-tool`). Only these are bundled: the
 * full set would weigh megabytes. An unknown class falls back to the default link icon.
 */
const LINK_ICONS: Readonly<Record<string, Icon>> = {
  'ti-external-link': IconExternalLink,
  'ti-link': IconLink,
  'ti-world': IconWorld,
  'ti-dashboard': IconDashboard,
  'ti-device-desktop': IconDeviceDesktop,
  'ti-settings': IconSettings,
  'ti-tool': IconTool,
  'ti-camera': IconCamera,
  'ti-video': IconVideo,
  'ti-chart-bar': IconChartBar,
  'ti-credit-card': IconCreditCard,
  'ti-receipt': IconReceipt,
  'ti-shopping-cart': IconShoppingCart,
  'ti-file-text': IconFileText,
  'ti-book': IconBook,
  'ti-info-circle': IconInfoCircle,
  'ti-map': IconMap,
  'ti-phone': IconPhone,
  'ti-headset': IconHeadset,
};

export const LINK_ICON_CLASSES = Object.keys(LINK_ICONS);

/** The icon of a link: its class (with or without the `ti-` prefix), else by where it opens. */
export function linkIcon(iconClass: string | null, target: 'self' | 'blank'): Icon {
  const key = iconClass?.trim().toLowerCase();
  if (key) {
    const icon = LINK_ICONS[key] ?? LINK_ICONS[`ti-${key}`];
    if (icon) return icon;
  }
  return target === 'blank' ? IconExternalLink : IconLink;
}
