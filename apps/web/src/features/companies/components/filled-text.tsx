import { createElement, Fragment, type ReactNode } from 'react';

/**
 * An Arabic sentence with e-mail addresses in it ({email}, {redirect}): each address is isolated left to right,
 * so its dots and hyphens stay in place inside the right-to-left line (and it may break anywhere).
 */
export function FilledText({ template, values }: { template: string; values: Record<string, string> }) {
  const parts: ReactNode[] = template.split(/(\{[a-z]+\})/).map((part) => {
    const name = /^\{([a-z]+)\}$/.exec(part)?.[1];
    const value = name === undefined ? undefined : values[name];
    if (value === undefined) return part;
    return createElement('bdi', { dir: 'ltr', style: { overflowWrap: 'anywhere' } }, value);
  });
  // The parts are a fixed sequence passed as separate children, so they need no keys.
  return createElement(Fragment, null, ...parts);
}
