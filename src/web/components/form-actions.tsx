import { Button, Flex, theme } from 'antd';

/**
 * A form's "Voltar" and "Salvar", placed last inside the <Form> (Salvar submits it). The bar sticks
 * to the bottom of the screen while the rest of the form runs past it, so a long form is saved
 * without scrolling to its end (a client's form is 2,500 px tall at 375 px); once the form's end
 * is on screen it rests in its own place, above the footer.
 */
export function FormActions({
  onBack,
  canSave,
  saving,
}: {
  /** "Voltar", left out where there is nowhere to go back to. */
  onBack?: () => void;
  /** "Salvar", left out for a user who may only read. */
  canSave: boolean;
  saving: boolean;
}) {
  const { token } = theme.useToken();
  if (!onBack && !canSave) return null;
  return (
    <Flex
      justify="flex-end"
      gap={8}
      wrap
      data-testid="form-actions"
      style={{
        position: 'sticky',
        bottom: 0,
        // Above the fields it slides over (a focused input raises itself), below antd's layers.
        zIndex: 10,
        padding: `${token.paddingSM}px ${token.padding}px`,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: '0 -4px 12px rgba(0, 0, 0, 0.08)',
      }}
    >
      {onBack && (
        // Enabled even in a read-only (disabled) form.
        <Button disabled={false} onClick={onBack}>
          Voltar
        </Button>
      )}
      {canSave && (
        <Button type="primary" htmlType="submit" loading={saving}>
          Salvar
        </Button>
      )}
    </Flex>
  );
}
