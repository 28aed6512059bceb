export default function ProblemPage() {
  return <div className="page">ProblemPage</div>;
}
