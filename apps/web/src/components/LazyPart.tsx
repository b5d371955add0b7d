import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useReducer,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { isChunkLoadError } from '../lib/chunk-reload.ts';
import { RetryPanel } from './ListStates.tsx';

interface BoundaryProps {
  children: ReactNode;
  failed: (retry: () => void) => ReactNode;
  onRetry: () => void;
}

/**
 * Catches a part whose code could not be downloaded (a chunk that failed to load) and shows `failed` in
 * its place; any other error goes on to the page's error element, as it did before.
 */
class ChunkBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return this.props.failed(() => {
      this.props.onRetry();
      this.setState({ error: undefined });
    });
  }
}

export interface LazyPartProps {
  /** What shows while the part's code downloads. */
  loading: ReactNode;
  /** What shows when it could not be downloaded; `retry` downloads it again. Default: a 'Try again' panel. */
  failed?: (retry: () => void) => ReactNode;
}

/** The default `failed`: what could not be loaded, and 'Try again'. */
export const failedPanel = (what: string) =>
  function FailedPanel(retry: () => void) {
    return (
      <RetryPanel
        message={`${what} could not be loaded. Check your connection, then try again.`}
        onRetry={retry}
      />
    );
  };

/**
 * A part of a page whose code loads on its own (charts, maps, the toasts' container: kept out of the
 * pages' first load). On a patchy connection that download can fail after the page itself has loaded:
 * the part then says so in its place, with 'Try again', and the rest of the page stays as it was (a plain
 * `lazy` would throw to the page's error element and take the whole page away). A failed `lazy` stays
 * failed, so a retry makes a new one; once loaded, the part renders at once wherever it is used again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  what: string,
): ComponentType<P & LazyPartProps> {
  let Loaded = lazy(load);
  function LazyPart({ loading, failed = failedPanel(what), ...props }: P & LazyPartProps) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    return (
      <ChunkBoundary
        failed={failed}
        onRetry={() => {
          Loaded = lazy(load);
          rerender();
        }}
      >
        <Suspense fallback={loading}>
          <Loaded {...(props as P)} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return LazyPart;
}

/**
 * A control whose code loads on first use (the top bar's search and user menu), for a component that
 * renders a stand-in of the same look until then. Unlike lazyPart nothing is swapped while the code
 * downloads or when the download fails: the stand-in stays the same element, so the focus and the text
 * typed into it stay too, on a slow connection or one that is down. `load()` downloads (once, however
 * often it is called meanwhile) and tells whether the control is there; after a failure the next call
 * tries again. An error other than a download's goes to the page's error element, as a render's would.
 *
 * Returns the hook: `const useSearchBox = lazyControl(() => import('./SearchBox.tsx'))`, then
 * `const [SearchBox, loadSearchBox] = useSearchBox()`, SearchBox undefined until it has loaded.
 */
export function lazyControl<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): () => [ComponentType<P> | undefined, () => Promise<boolean>] {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const download = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return function useLazyControl() {
    const [control, setControl] = useState(() => loaded);
    const [failure, setFailure] = useState<unknown>();
    const request = useCallback(
      () =>
        download().then(
          (Control) => {
            setControl(() => Control);
            return true;
          },
          (error: unknown) => {
            if (!isChunkLoadError(error)) setFailure(() => error);
            return false;
          },
        ),
      [],
    );
    if (failure !== undefined) throw failure;
    return [control, request];
  };
}
