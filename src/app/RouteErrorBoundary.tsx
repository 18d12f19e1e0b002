import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './RouteError';

interface Props {
  children: ReactNode;
  /** Inside the app shell (the navbar stays). */
  inline?: boolean;
  /** The location: another page clears the error. */
  resetKey: string;
}

interface State {
  error: { value: unknown } | null;
  resetKey: string;
}

/**
 * Catches what a page throws while rendering (a crash, or its data failing to load) and shows the error
 * screen in its place until the user goes elsewhere. React reports the catch (main.tsx onCaughtError).
 */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: { value: error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (error) return <RouteError error={error.value} inline={this.props.inline} />;
    return this.props.children;
  }
}

/** The error screen for the pages below, cleared when the location changes. */
export function RouteErrorBoundary({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <ErrorBoundary resetKey={`${pathname}${search}`} inline={inline}>
      {children}
    </ErrorBoundary>
  );
}
