import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './authPage.css';
import { BrandMark } from './BrandMark';
import { PRODUCT_NAME } from './constants';

/** The frame of the signed-out pages: the brand above one card. */
export function AuthLayout({
  title,
  subtitle,
  brand,
  children,
}: {
  title: string;
  subtitle?: string;
  /** An organization's brand (its own domain's sign-in page); none: Flightplan's. */
  brand?: { brandName: string; iconUrl: string | null } | null;
  children: ReactNode;
}) {
  const name = brand?.brandName ?? PRODUCT_NAME;
  return (
    <main className={styles.centered}>
      <Link to="/" className={styles.brand} aria-label={`${name} home`}>
        {brand?.iconUrl ? (
          <img src={brand.iconUrl} alt="" width={28} height={28} className={styles.brandMark} />
        ) : (
          <BrandMark className={styles.brandMark} size={28} />
        )}
        {name}
      </Link>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {children}
      </section>
    </main>
  );
}
