// The API contract, written once and shared by the server and the web app.
export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './ad-settings.ts';
export * from './websites.ts';
export * from './pages.ts';
export * from './contact.ts';
export * from './collect.ts';
export * from './analytics.ts';
export * from './ad-unit-names.ts';
export * from './heatmaps.ts';
export * from './heatmap-segments.ts';
export * from './recommendations.ts';
export * from './revenue-imports.ts';
export * from './ad-experience.ts';
export * from './clicked-elements.ts';
export * from './changes.ts';
