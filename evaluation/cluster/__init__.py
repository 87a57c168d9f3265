"""Cluster-wide diagnosis evaluation (issue 26 item 5): an exam nobody tuned the product to.

Seeded, pure-Python recordings of incidents on small Kubernetes clusters — 37 fault types on two
applications (Online Boutique on EKS, DeathStarBench hotelReservation on kubeadm) plus healthy
clusters — each with the raw ``kubectl get -A -o json`` objects of 20 kinds, the application's logs,
three questions and the truth; the judge of an answer; and the figures of
``manage.py evaluate --cluster``.

- ``spec`` — the shapes (``Recording``, ``Truth``, ``ClusterQuestion``, ``Category``, ``KINDS``);
- ``topologies`` — the two applications and their call graphs;
- ``model`` / ``build`` / ``render`` — a cluster's state, the healthy cluster with its everyday
  noise, and its rendering as the API server returns it (with a small kube-scheduler);
- ``traffic`` — user requests through the call graph and every service's log lines;
- ``scene`` / ``faults`` — the fault types and what they do to the cluster (``FAULTS``);
- ``generate`` — the recordings (``recordings()``), their questions and truths;
- ``judge`` / ``figures`` — judging one answer, and the figures;
- ``bundle`` / ``loading`` — a recording as an evidence bundle (the product's own Kubernetes
  mapping) and the one Django edge that loads it.

``python -m evaluation.cluster [NAME [--bundle]]`` lists or prints the recordings.
"""
