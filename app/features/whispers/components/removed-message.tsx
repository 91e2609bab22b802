/**
 * Where a removed message was (decision 0090): its author deleted their account, or the moderation removed it after a
 * report. The same words on both sides and in the conversation list; nothing says which.
 */
export function RemovedMessage() {
  return <span className="italic">mensagem removida</span>;
}
