import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useNewsStore } from '../services/news';
import { clearToasts } from '../services/toasts';
import { useUserStore } from '../services/user';
import { loadMessages } from '../lib/i18n';
import { useLanguageStore } from '../lib/i18n/language';
import { startSession } from '../lib/identity';
import { stopRenderedApps } from './render-app';

// Both languages at hand, so a test switches language synchronously like a returning visitor.
await loadMessages('en');

beforeEach(() => {
  window.localStorage.clear();
  // The spec's language; tests of detection set navigator.language themselves.
  useLanguageStore.setState({ language: 'zh-CN' });
  useUserStore.setState({
    user: null,
    photos: [],
    current_page: 1,
    total_pages: 0,
    total_photos: 0,
  });
  useNewsStore.getState().reset();
  startSession();
  document.title = '';
});

afterEach(() => {
  stopRenderedApps();
  cleanup();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
