import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function MantineAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

/** A Mantine Anchor that navigates with the router (typed `to`, preloading). */
export const AnchorLink = createLink(MantineAnchor);
