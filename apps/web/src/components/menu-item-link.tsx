import { Menu, type MenuItemProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function MenuItemAnchor(props: MenuItemProps & ComponentPropsWithRef<'a'>) {
  return <Menu.Item component="a" {...props} />;
}

/** A Mantine menu item that navigates with the router (typed `to` and `params`). */
export const MenuItemLink = createLink(MenuItemAnchor);
