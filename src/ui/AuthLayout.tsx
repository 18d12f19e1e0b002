import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as styles from './authPage.css';
import { BrandMark } from './BrandMark';
import { PRODUCT_NAME } from './constants';

/** The frame of the signed-out pages: the brand above one card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.centered}>
      <Link to="/" className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
        <BrandMark className={styles.brandMark} size={28} />
        {PRODUCT_NAME}
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
