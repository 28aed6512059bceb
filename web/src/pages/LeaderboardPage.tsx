export default function LeaderboardPage() {
  return <div className="page">LeaderboardPage</div>;
}
