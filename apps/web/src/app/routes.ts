import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// The route table of spec §2. Route modules are thin: they compose features.
export default [layout('layouts/site-layout.tsx', [index('routes/home.tsx'), route('*', 'routes/not-found.tsx')])] satisfies RouteConfig;
