import { Container, Skeleton } from '@mantine/core';
import { ar, type Footer, type FooterLink } from '@sira/shared';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { withLtrRuns } from '~/components/ui/ltr-runs';
import { useFooter } from '../api/get-footer';
import './site-footer.css';
import { footerClass as classes } from './site-footer-classes';

const PAYMENT_METHODS = ['Apple Pay', 'Mada', 'Visa', 'Mastercard'] as const;
const SOCIAL_LABELS: Record<Footer['social'][number]['network'], string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

/** A link starting with '/' stays in the app; any other opens in a new tab (spec §2). */
function FooterAnchor({ link }: { link: FooterLink }) {
  const content = (
    <>
      <Icon name={link.icon} size={16} />
      {link.title}
    </>
  );
  if (link.url.startsWith('/')) {
    return (
      <Link to={link.url} className={classes.link}>
        {content}
      </Link>
    );
  }
  return (
    <a href={link.url} className={classes.link} target="_blank" rel="noopener noreferrer">
      {content}
      <span className={classes.newTab}> {ar.footer.opensInNewTab}</span>
    </a>
  );
}

function FooterSkeleton() {
  return (
    <div className={classes.grid} data-testid="footer-skeleton" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i}>
          <Skeleton height={16} width="50%" mb="md" />
          <Skeleton height={12} mb="xs" />
          <Skeleton height={12} mb="xs" width="80%" />
        </div>
      ))}
    </div>
  );
}

function FooterContent({ footer }: { footer: Footer }) {
  return (
    <div className={classes.grid}>
      <div>
        <p className={classes.heading}>{ar.app.name}</p>
        <p className={classes.description}>{withLtrRuns(footer.description)}</p>
        {footer.contact.email || footer.contact.phone ? (
          <ul className={classes.list} style={{ marginTop: '0.75rem' }} aria-label={ar.footer.contact}>
            {footer.contact.email ? (
              <li>
                <a className={classes.link} href={`mailto:${footer.contact.email}`}>
                  <Icon name="mail" size={16} />
                  <span dir="ltr">{footer.contact.email}</span>
                </a>
              </li>
            ) : null}
            {footer.contact.phone ? (
              <li>
                <a className={classes.link} href={`tel:${footer.contact.phone}`}>
                  <Icon name="phone" size={16} />
                  <span dir="ltr">{footer.contact.phone}</span>
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
        {footer.social.length ? (
          <ul className={classes.social} aria-label={ar.footer.followUs}>
            {footer.social.map((s) => (
              <li key={s.network}>
                <a
                  href={s.url}
                  className={classes.socialLink}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${SOCIAL_LABELS[s.network]} ${ar.footer.opensInNewTab}`}
                >
                  <Icon name={s.network} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {footer.sections.map((section) => (
        <nav key={section.id} aria-label={section.title}>
          <p className={classes.heading}>{section.title}</p>
          <ul className={classes.list}>
            {section.links.map((link) => (
              <li key={link.id}>
                <FooterAnchor link={link} />
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}

export function SiteFooter() {
  const footer = useFooter();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        {footer.isPending ? <FooterSkeleton /> : null}
        {footer.isError ? (
          <p role="alert" className={classes.description}>
            {ar.footer.loadFailed}
          </p>
        ) : null}
        {footer.data ? <FooterContent footer={footer.data} /> : null}
        <div className={classes.bottom}>
          <span>
            © {new Date().getFullYear()} {ar.app.name}. {ar.footer.rights}
          </span>
          <div style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
            <span>{ar.footer.paymentMethods}:</span>
            <ul className={classes.payments}>
              {PAYMENT_METHODS.map((m) => (
                <li key={m} className={classes.payment}>
                  {m}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Container>
    </footer>
  );
}
