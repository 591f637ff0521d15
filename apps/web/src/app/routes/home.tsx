import { ar } from '@sira/shared';
import { LandingHero } from '~/features/content/components/landing-hero';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: `${ar.app.name} | ${ar.app.tagline}` },
  { name: 'description', content: ar.app.tagline },
];

export default function Home() {
  return <LandingHero />;
}
