import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { Modal } from './Modal';
import { PasswordField } from './PasswordField';

function renderUi(node: ReactNode) {
  initI18n();
  return render(<FluentProvider theme={webLightTheme}>{node}</FluentProvider>);
}

function ModalHarness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Hello">
        <p>Body text</p>
      </Modal>
    </>
  );
}

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

describe('Modal', () => {
  it('locks page scroll while open and closes on Escape, unlocking it', async () => {
    document.body.style.overflow = 'auto';
    renderUi(<ModalHarness />);
    const dialog = await screen.findByRole('dialog', { name: 'Hello' });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.style.overflow).toBe('auto');
  });

  it('closes with its close button', async () => {
    renderUi(<ModalHarness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ConfirmDialog', () => {
  it('uses the catalogue title and message with Confirm and Cancel', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderUi(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(dialog.textContent).toContain('Are you sure you want to continue?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels on Escape', async () => {
    const onCancel = vi.fn();
    renderUi(<ConfirmDialog open onConfirm={vi.fn()} onCancel={onCancel} />);
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('DeleteConfirmDialog', () => {
  it('says what docs/product.md says, with Delete and Cancel', async () => {
    const onConfirm = vi.fn();
    renderUi(<DeleteConfirmDialog open onConfirm={onConfirm} onCancel={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete the selected item(s)? This action cannot be undone.',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle shows it', () => {
    function Harness() {
      const [value, setValue] = useState('');
      return <PasswordField label="Password" value={value} onChange={setValue} />;
    }
    renderUi(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>(/^Password/);
    fireEvent.change(input, { target: { value: 'secret-pass' } });
    expect(input.type).toBe('password');
    expect(input.value).toBe('secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });
});

describe('Modal: the focus goes back to the control that opened it', () => {
  function Opener({ children }: { children: (close: () => void) => ReactNode }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => setOpen(true)}>Open the dialog</button>
        <button>Another control</button>
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title="Question"
          actions={<button onClick={() => setOpen(false)}>Done</button>}
        >
          {children(() => setOpen(false))}
        </Modal>
      </>
    );
  }

  it.each([
    ['the close button', () => fireEvent.click(screen.getByRole('button', { name: 'Close' }))],
    ['an action', () => fireEvent.click(screen.getByRole('button', { name: 'Done' }))],
    ['Escape', () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })],
  ])('after closing by %s', async (_how, close) => {
    renderUi(<Opener>{() => <p>Body</p>}</Opener>);
    const opener = screen.getByRole('button', { name: 'Open the dialog' });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Question' });
    await waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy());
    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves the focus where a closing action put it on purpose', async () => {
    renderUi(
      <Opener>
        {(close) => (
          <button
            onClick={() => {
              close();
              screen.getByRole('button', { name: 'Another control', hidden: true }).focus();
            }}
          >
            Elsewhere
          </button>
        )}
      </Opener>,
    );
    const opener = screen.getByRole('button', { name: 'Open the dialog' });
    opener.focus();
    fireEvent.click(opener);
    const elsewhere = await screen.findByRole('button', { name: 'Elsewhere' });
    // The dialog's later focus passes (after Fluent's exit motion) are run here, not waited for.
    const timers = vi.spyOn(window, 'setTimeout');
    fireEvent.click(elsewhere);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const passes = timers.mock.calls
      .map(([callback]) => callback)
      .filter((callback) => typeof callback === 'function' && callback.name === 'restore');
    timers.mockRestore();
    expect(passes.length).toBeGreaterThan(0);
    for (const pass of passes) (pass as () => void)();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Another control' }));
  });
});
