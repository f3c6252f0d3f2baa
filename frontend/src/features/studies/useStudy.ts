import { useQuery } from "@tanstack/react-query";
import { getStudy } from "../../api/studies";

export function useStudy(id: string) {
  return useQuery({
    queryKey: ["study", id],
    queryFn: () => getStudy(id),
  });
}
