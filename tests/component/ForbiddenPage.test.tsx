import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import ForbiddenPage from '../../src/customRoutes/forbidden/ForbiddenPage';
import { renderWithAdmin } from './renderWithAdmin';

describe('ForbiddenPage', () => {
  it('sits in a main landmark with its h1 and its own document title', () => {
    renderWithAdmin(<ForbiddenPage />, { initialEntries: ['/forbidden'] });
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1, name: '403 アクセス権限がありません' }));
    expect(document.title).toBe('403 アクセス権限がありません | CS portal');
  });

  it('puts no spaces after 「。」', () => {
    renderWithAdmin(<ForbiddenPage />, { initialEntries: ['/forbidden'] });
    expect(screen.getByTestId('forbidden-message').textContent).toBe(
      'このページにアクセスする権限がありません。ログインしているアカウントが間違っているか、権限が削除された可能性があります。管理者にお問い合わせください。',
    );
  });
});
