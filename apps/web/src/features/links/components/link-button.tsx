import { Button, type ButtonProps } from '@mantine/core';
import type { Link } from '@vaskedrift/shared';
import { useTranslation } from 'react-i18next';
import { linkIcon } from '../link-icons';

/** A bay link as a button: its icon and title, opening in this tab or a new one as the link says. */
export function LinkButton({ link, ...props }: { link: Link } & ButtonProps) {
  const { t } = useTranslation();
  const Icon = linkIcon(link.iconClass, link.target);
  const blank = link.target === 'blank';
  return (
    <Button
      component="a"
      href={link.url}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
      variant="default"
      leftSection={<Icon size={16} aria-hidden />}
      title={blank ? t('links.opensInNewTab', { url: link.url }) : link.url}
      {...props}
    >
      {link.title}
    </Button>
  );
}
