import { Popconfirm, type PopconfirmProps } from 'antd';

type ConfirmPopoverProps = Omit<PopconfirmProps, 'okText' | 'cancelText'> & {
  /** What the confirming button does, named: "Cancelar ordem", "Excluir cliente", "Estornar baixa". */
  okText: string;
};

/**
 * The question before an action that cannot simply be taken back. Its buttons say what they do
 * (the action by name, and "Voltar"), so "Cancelar" never stands for both "cancel the order" and
 * "leave it"; "Voltar" has the focus when it opens, so an Enter or a hurried key press keeps
 * things as they are. The popover is built afresh on every opening for the focus to land again.
 * It opens below its button: these buttons sit at the top of the page, where antd's default (above)
 * has no room and the popover first appears off-screen, then flips — a quick click in that moment
 * missed the confirming button.
 */
export function ConfirmPopover({ okText, cancelButtonProps, ...props }: ConfirmPopoverProps) {
  return (
    <Popconfirm
      placement="bottomRight"
      {...props}
      okText={okText}
      cancelText="Voltar"
      cancelButtonProps={{ ...cancelButtonProps, autoFocus: true }}
      destroyOnHidden
    />
  );
}
