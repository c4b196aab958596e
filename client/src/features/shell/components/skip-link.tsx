import classes from './skip-link.module.css';

/** First stop of the keyboard: jumps over the header and the sidebar to the page content. */
export const SkipLink = ({ targetId }: { targetId: string }) => (
  <a className={classes.link} href={`#${targetId}`}>
    Vai al contenuto
  </a>
);
