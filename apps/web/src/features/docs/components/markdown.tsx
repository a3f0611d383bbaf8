import { Anchor, Code, Table, Text, Typography } from '@mantine/core';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeUrl } from './safe-url';

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);

/**
 * Mantine's pieces for Markdown's elements. A link whose address `safeUrl` dropped is shown as its text;
 * an image is shown as a link to it (the content security policy keeps other hosts' images out anyway).
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <Anchor href={href} {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Anchor>
    ) : (
      <Text span>{children}</Text>
    ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <Anchor href={src} target="_blank" rel="noopener noreferrer">
        {alt || src}
      </Anchor>
    ) : (
      <Text span>{alt}</Text>
    ),
  table: ({ children }) => (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder withColumnBorders striped>
        {children}
      </Table>
    </Table.ScrollContainer>
  ),
  code: ({ className, children }) =>
    className?.startsWith('language-') ? (
      <code className={className}>{children}</code>
    ) : (
      <Code>{children}</Code>
    ),
};

/**
 * Markdown as React elements, safe for text anyone uploaded: raw HTML is shown as text (react-markdown
 * turns it into text nodes; it never reaches the DOM as markup), and links and images keep only http(s),
 * mailto and in-app addresses. The guide and the uploaded data sources both render through this.
 */
export function Markdown({ children, ...props }: { children: string } & ComponentProps<typeof Typography>) {
  return (
    <Typography {...props}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={(url) => safeUrl(url)} components={components}>
        {children}
      </ReactMarkdown>
    </Typography>
  );
}
