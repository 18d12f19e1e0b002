import { type ComponentType, createElement, lazy } from 'react';

/**
 * A wizard step's view in its own chunk. `preload()` fetches it ahead (the wizard does when it opens), and a
 * step already loaded renders at once, without a moment of "Loading…" on each step change.
 */
export function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Step(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props);
  }
  return Object.assign(Step, { preload });
}
