// The MRC display rule's pixel test, shared by the tracker that measures it, the demo's GPT stand-in that reports it
// and the recommendations engine that predicts it: 30 % of a unit larger than 242,500 px² (DESIGN.md, Metrics), else
// 50 %, in view for one continuous second.
export const viewableShare = (width: number, height: number): number => (width * height > 242500 ? 0.3 : 0.5);
