import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function ButtonAnchor(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

/** A Mantine Button that navigates with the router (typed `to` and `params`). */
export const ButtonLink = createLink(ButtonAnchor);
