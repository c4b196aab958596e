import { APP_NAME } from './brand-logo';

/** The browser tab title; React 19 hoists it into <head>. */
export const PageTitle = ({ title }: { title: string }) => <title>{`${title} · ${APP_NAME}`}</title>;
