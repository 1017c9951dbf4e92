// A short list of messages in red (files not kept, pictures cut from a selection, what stays on the
// cloud), announced as they appear; nothing at all when there are none.
export function AlertList({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null
  return (
    <ul role="alert" className="flex flex-col gap-1 text-sm text-red-600 dark:text-red-400">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}
