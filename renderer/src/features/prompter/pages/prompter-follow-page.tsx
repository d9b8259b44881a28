/** /prompter/:id/follow: a follower screen (talent monitor, phone on the camera, remote). */
export default function PrompterFollowPage() {
  return <div>Follow</div>;
}
