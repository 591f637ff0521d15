import type { SVGProps } from 'react';
import { iconPaths } from './icon-paths';

export function Icon({
  name,
  size = 18,
  ...props
}: { name: string | null | undefined; size?: number } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  const d = name ? iconPaths[name.toLowerCase()] : undefined;
  if (!d) return null;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d={d} />
    </svg>
  );
}
